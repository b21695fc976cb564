// A rating rates a consultation: before any lawyer took part in the case it is refused (409) – found from outside: a
// waiting client's 1-star rating counted in the reports and blocked the real rating after the consultation.
import { describe, expect, it } from 'vitest';
import { connectParticipant, startChat, useAppWithLawyer } from './support/flows.js';

describe('POST /api/chat/rating', () => {
  const setup = useAppWithLawyer();

  it('should refuse a rating while no lawyer ever took part and accept it once after the consultation', async () => {
    const { app, lawyer } = setup;
    const participant = await connectParticipant(app);
    try {
      const ids = await startChat(participant);
      const rate = (stars: number) => participant.http.post(`${app.webUrl}/api/chat/rating`, { CaseId: ids.CaseId, Stars: stars, Comment: null });

      const early = await rate(1);
      expect([early.status, early.body]).toEqual([
        409,
        { Error: 'Conflict', Message: 'Eine Bewertung ist erst nach der Beratung durch eine Anwältin oder einen Anwalt möglich.' },
      ]);
      const stored = await app.ctx.db.selectFrom('ratings').select('stars').where('case_id', '=', ids.CaseId).execute();
      expect(stored).toEqual([]);

      await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
      await lawyer.hub.connection.invoke('CloseChat', ids.ChatId);
      expect((await rate(5)).status).toBe(204);
      expect((await rate(4)).status).toBe(409);
    } finally {
      await participant.hub.stop();
    }
  });
});
