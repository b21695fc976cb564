// The callback list as the lawyer tests drive it over real HTTP: a booking nobody took yet, and one chat's entry.
import type { CallbackEntry } from '@rechtschat/core';
import { expect } from 'vitest';
import { connectParticipant, startChat, type Participant } from './flows.js';
import type { EngineApp } from './engineApp.js';

/** The entry of `chatId`'s callback in `lawyer`'s list (GET api/lawyer/callbacks); undefined when there is none. */
export async function callbackOfChat(fixture: EngineApp, lawyer: Participant, chatId: string): Promise<CallbackEntry | undefined> {
  const answer = await lawyer.http.get<CallbackEntry[]>(`${fixture.app.chatUrl}/api/lawyer/callbacks`);
  expect(answer.status).toBe(200);
  return answer.body.find((c) => c.ChatId === chatId);
}

/** A waiting client books a callback before any lawyer took the chat: nobody's call yet, as `reader`'s list shows it. */
export async function bookUnassignedCallback(fixture: EngineApp, reader: Participant): Promise<CallbackEntry> {
  const participant = await connectParticipant(fixture.app);
  fixture.keep(participant);
  const ids = await startChat(participant);
  const booked = await participant.http.post(`${fixture.app.chatUrl}/api/chat/${ids.ChatId}/callback`, {
    Phone: '030 7654321',
    Availability: '25.11.2099, 12:00–16:00 Uhr',
  });
  expect(booked.status).toBe(204);
  const entry = await callbackOfChat(fixture, reader, ids.ChatId);
  expect(entry?.AssignedLawyer).toBeNull();
  return entry as CallbackEntry;
}
