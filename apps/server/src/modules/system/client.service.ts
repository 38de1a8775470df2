import { randomBytes } from 'node:crypto';
import type { ClientSubmit, PageQuery } from '@aos/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { client } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { badRequest, fieldError, notFound } from '../../lib/errors.js';
import { sha256 } from '../../lib/password.js';
import { assertPlatform } from './tenant.service.js';

type ClientRow = typeof client.$inferSelect;
/** A client as the API shows it: never its secret (only its sha-256 is stored anyway). */
export type ClientView = Omit<ClientRow, 'clientSecret'>;

const clients = crud({
  table: client,
  filters: { clientId: 'like' },
  defaultOrder: [asc(client.createTime), asc(client.id)],
});

function hide({ clientSecret: _secret, ...rest }: ClientRow): ClientView {
  return rest;
}

/**
 * OAuth clients (PROTOCOLS.md §1 client), platform tenant only. The secret is stored as its sha-256, as the
 * token endpoint checks it, and is told once: in the answer of the call that set it (added or reset).
 * Rules: client ids are unique; the client the console signs in with cannot be removed or renamed.
 */
export class ClientService {
  constructor(private readonly consoleClientId: string) {}

  async page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    assertPlatform(ctx);
    const page = await clients.page(ctx, query);
    return { ...page, records: page.records.map(hide) };
  }

  async detail(ctx: Ctx, id: string): Promise<ClientView> {
    assertPlatform(ctx);
    return hide(await clients.detail(ctx, id));
  }

  /** Add (secret given or generated) or update (a given secret resets it); answers the secret it set. */
  submit(ctx: Ctx, input: ClientSubmit): Promise<ClientView & { clientSecret?: string }> {
    assertPlatform(ctx);
    return inTransaction(ctx, async (tx) => {
      const clash = await clients.find(
        tx,
        and(eq(client.clientId, input.clientId), input.id ? ne(client.id, input.id) : undefined)!,
      );
      if (clash) throw fieldError('clientId', 'client.idExists');
      const secret = input.clientSecret ?? (input.id ? null : randomBytes(24).toString('base64url'));
      const values = {
        clientId: input.clientId,
        resourceIds: input.resourceIds || null,
        scope: input.scope,
        authorizedGrantTypes: input.authorizedGrantTypes,
        webServerRedirectUri: input.webServerRedirectUri || null,
        authorities: input.authorities || null,
        accessTokenValidity: input.accessTokenValidity,
        refreshTokenValidity: input.refreshTokenValidity,
        additionalInformation: input.additionalInformation || null,
        autoapprove: input.autoapprove || null,
        ...(secret ? { clientSecret: sha256(secret) } : {}),
      };
      let row: ClientRow;
      if (input.id) {
        const current = await clients.detail(tx, input.id);
        if (current.clientId === this.consoleClientId && input.clientId !== current.clientId) {
          throw fieldError('clientId', 'client.consoleClient');
        }
        row = await clients.update(tx, input.id, values);
      } else {
        row = await clients.insert(tx, values as typeof values & { clientSecret: string });
      }
      return secret ? { ...hide(row), clientSecret: secret } : hide(row);
    });
  }

  remove(ctx: Ctx, ids: string[]): Promise<number> {
    assertPlatform(ctx);
    return inTransaction(ctx, async (tx) => {
      const rows = await clients.list(tx, {}, inArray(client.id, ids));
      if (rows.length === 0) throw notFound();
      if (rows.some((row) => row.clientId === this.consoleClientId)) throw badRequest('client.consoleClient');
      return clients.remove(
        tx,
        rows.map((row) => row.id),
      );
    });
  }
}
