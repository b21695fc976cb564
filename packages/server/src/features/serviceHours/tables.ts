// The service-hours feature's Kysely table interfaces (migration 0026_service_hours). The migration stays in
// platform/storage/migrations (one ordered list for both engines).

/** The administrators' weekly schedule: one row, id 'weekly'; none while SERVICE_HOURS applies. */
export interface ServiceHoursScheduleTable {
  id: string;
  /** JSON `[{ Weekday, From, To }]`, every period as entered. */
  periods: string;
  updated_by: string | null;
  updated_by_name: string;
  updated_at: string;
}

/** A closure: the chat is closed all day from `first_day` to `last_day` (Berlin calendar days 'YYYY-MM-DD', inclusive). */
export interface ServiceClosuresTable {
  id: string;
  first_day: string;
  last_day: string;
  /** Shown to clients: „Heiligabend“, „Betriebsferien“. */
  note: string;
  created_by: string | null;
  created_by_name: string;
  created_at: string;
}

declare module '../../platform/storage/database.js' {
  /** The service-hours feature's tables in the one Database type (composed by augmentation: platform imports no feature). */
  interface Database {
    service_hours_schedule: ServiceHoursScheduleTable;
    service_closures: ServiceClosuresTable;
  }
}
