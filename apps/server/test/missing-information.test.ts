import { MISSING_INFORMATION_TEXTS, ZRequestsInfo } from '@mutua/contracts/requests';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestMessages, requests } from '../src/db/schema';
import { askAdditionalParts } from '../src/modules/requests/public';
import type { AuthClient } from './support/auth';
import { DEMO_MEMBERS } from '../src/modules/members/seed';
import { memberIdOf } from './support/database';
import { type Part, postMultipart, samplePdf } from './support/documents-fixtures';
import type { TestApp, TestClient } from './support/test-app';
import { openSignedIn } from './support/signed-in';

let t: TestApp;
let camille: AuthClient;
let julien: AuthClient;

beforeAll(async () => void ([t, camille, julien] = await openSignedIn('camille', 'julien')));
afterAll(() => t.close());

const send = (client: TestClient, requestId: string, parts: Part[]) => postMultipart(client, `/api/requests/${requestId}/missing-information`, parts);
let file: Part;
beforeAll(async () => {
  file = { name: 'attachments', filename: 'attestation.pdf', content: await samplePdf(), contentType: 'application/pdf' };
});

/** The back office asks Camille for additional parts about one of her requests (as POST /api/bo/cases/{id}/additional-parts). */
async function askCamille(): Promise<string> {
  const memberId = await memberIdOf(t.database.db, 'mutua', DEMO_MEMBERS.camille);
  const [about] = await t.database.db.select({ id: requests.id }).from(requests).where(eq(requests.memberId, memberId)).limit(1);
  return t.database.db.transaction((tx) =>
    askAdditionalParts(tx as never, {
      aboutRequestId: about!.id,
      memberId,
      title: 'Pièces complémentaires',
      message: 'Merci de nous envoyer la facture acquittée.',
      now: new Date(),
    }),
  );
}
const requestOf = async (id: string) =>
  ZRequestsInfo.parse((await camille.get('/api/all-info?actionKey=requests')).json().data)
    .allRequests.flatMap((g) => g.requests)
    .find((r) => r.id === id)!;
const messagesOf = async (id: string) => (await t.database.db.select({ n: count() }).from(requestMessages).where(eq(requestMessages.requestId, id)))[0]!.n;

describe('POST /api/requests/{id}/missing-information: the member answers the request for additional parts', () => {
  it('takes the files and the comment once, and the request moves to the study of the answer', async () => {
    const id = await askCamille();
    expect((await requestOf(id)).statusList.at(-1)).toMatchObject({ step: 'information_required' });
    const res = await send(camille, id, [{ name: 'comment', value: 'La facture de mars.' }, file]);
    expect(res.statusCode, res.body).toBe(201);
    const answered = await requestOf(id);
    expect(answered.statusKey).toBe('study');
    expect(answered.messages.at(-1)).toMatchObject({ body: 'La facture de mars.' });
    expect(answered.messages.flatMap((m) => m.attachments).map((a) => a.nameFile)).toEqual(['attestation.pdf']);

    // Sent twice (a double click, a retry): refused, nothing added.
    const before = await messagesOf(id);
    const again = await send(camille, id, [file]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'MISSING_INFORMATION_NOT_AWAITED', message: 'Cette demande n’attend plus de pièces de votre part.' });
    expect(await messagesOf(id)).toBe(before);
  });

  it('two sendings at once: one answer', async () => {
    const id = await askCamille();
    const answers = await Promise.all([send(camille, id, [file]), send(camille, id, [file])]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await messagesOf(id)).toBe(2);
    expect((await requestOf(id)).messages.at(-1)!.body).toBe(MISSING_INFORMATION_TEXTS.defaultMessage);
  });

  it('needs a file, and refuses a request that asks for no parts; nothing changes', async () => {
    const id = await askCamille();
    const none = await send(camille, id, [{ name: 'comment', value: 'Rien' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Veuillez ajouter un fichier');
    expect(await messagesOf(id)).toBe(1);
    const memberId = await memberIdOf(t.database.db, 'mutua', DEMO_MEMBERS.camille);
    const [other] = await t.database.db.select({ id: requests.id, typeCode: requests.typeCode }).from(requests).where(eq(requests.memberId, memberId));
    const notParts = other!.typeCode === 10005 ? null : other!.id;
    if (notParts) expect((await send(camille, notParts, [file])).json().error.code).toBe('MISSING_INFORMATION_NOT_AWAITED');
  });

  it('is the member’s own: another member gets 404', async () => {
    const id = await askCamille();
    expect((await send(julien, id, [file])).statusCode).toBe(404);
    expect(await messagesOf(id)).toBe(1);
  });
});
