// Insurers as tenants (console, admin only; chat host, docs/api.md "Insurers"): each insurer signs its entry tokens
// with its own keys, named by `kid` in the JWT header so keys can rotate. A key's secret is shown once, at creation.
import * as t from 'io-ts';
import { Id, IsoDate, nullable } from './primitives.js';

/**
 * One entry-token key of an insurer; never its secret. `RevokedAt` set: tokens naming this kid are refused.
 * `LastUsedAt`: when a token signed with it was last accepted (to about a minute; null: never) – whether an old key is
 * still in use before it is retired.
 */
export const InsurerKey = t.type({ Kid: t.string, CreatedAt: IsoDate, RevokedAt: nullable(IsoDate), LastUsedAt: nullable(IsoDate) }, 'InsurerKey');
export type InsurerKey = t.TypeOf<typeof InsurerKey>;

/**
 * An insurer (GET api/admin/insurers), its keys newest first. `DisplayName`: shown to its clients in the chat; null:
 * none. `EndedAt`: when the firm ended the collaboration (POST api/admin/insurers/{id}/end – every key revoked then, no
 * new key until it is resumed; its cases and reports stay); null: the collaboration runs. `Deletable`: it was never
 * used – no key of it was used and no customer or case names it –, so DELETE api/admin/insurers/{id} would succeed.
 */
export const Insurer = t.type(
  {
    Id,
    Name: t.string,
    DisplayName: nullable(t.string),
    CreatedAt: IsoDate,
    EndedAt: nullable(IsoDate),
    Keys: t.array(InsurerKey),
    Deletable: t.boolean,
  },
  'Insurer',
);
export type Insurer = t.TypeOf<typeof Insurer>;
export const InsurerList = t.array(Insurer, 'InsurerList');
export type InsurerList = t.TypeOf<typeof InsurerList>;

/** POST api/admin/insurers and PUT api/admin/insurers/{id}: the name (1–100 characters) and the optional display name (up to 60). */
export const SaveInsurerRequest = t.type({ Name: t.string, DisplayName: nullable(t.string) }, 'SaveInsurerRequest');
export type SaveInsurerRequest = t.TypeOf<typeof SaveInsurerRequest>;

/**
 * A key just made (POST api/admin/insurers/{id}/keys): the only answer that carries `Secret`, the HS256 key the insurer
 * signs with. The server keeps it encrypted and never shows it again.
 */
export const IssuedInsurerKey = t.type(
  { InsurerId: Id, Kid: t.string, Secret: t.string, Algorithm: t.literal('HS256'), CreatedAt: IsoDate },
  'IssuedInsurerKey',
);
export type IssuedInsurerKey = t.TypeOf<typeof IssuedInsurerKey>;
