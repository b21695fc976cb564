import type { DataErasureRequest, DataErasureResult, DataRequestQuery, DataSubjectSummary } from '../wire/dataRequests.js';
import type { Call } from './call.js';
import type { BlobLike } from './platform.js';

/** Data-subject requests on the chat host (docs/api.md "Data-subject requests"; admin only, the lawyer's cookie). */
export interface DataRequestsApi {
  /** What is stored about the person (insurance number or reference in the POST body). */
  search(query: DataRequestQuery): Call<DataSubjectSummary>;
  /** The access archive (ZIP: JSON, PDFs, uploads, documents, README.txt). */
  downloadArchive(query: DataRequestQuery): Call<BlobLike>;
  /** Erases the confirmed chat cases where no retention duty applies; says what had to stay and until when. */
  erase(request: DataErasureRequest): Call<DataErasureResult>;
}
