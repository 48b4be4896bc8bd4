/**
 * The content-type schemas repeat some of the contract's rules (Strapi's panel enforces a schema's
 * limits and lists its enums): each such copy must say what the contract says, or the panel and
 * the API would accept different things.
 */
import fs from 'fs';
import path from 'path';
import { BIO_MAX, CONTACT_RULES, LEVELS, NAME_MAX, NEWS_CATEGORIES, PASSWORD_MIN, USERNAME_MIN } from '@haic/contract';

const SRC = path.resolve(__dirname, '..', 'src');
const attributesOf = (schemaFile: string): Record<string, Record<string, unknown>> =>
  JSON.parse(fs.readFileSync(path.join(SRC, schemaFile), 'utf8')).attributes;

const USER = 'extensions/users-permissions/content-types/user/schema.json';
const CONTACT = 'api/contact-message/content-types/contact-message/schema.json';
const contactMax = (field: string) => CONTACT_RULES.find((rule) => rule.field === field)!.max;

const copies: Array<[schema: string, attribute: string, key: string, contract: unknown]> = [
  [USER, 'username', 'minLength', USERNAME_MIN],
  [USER, 'password', 'minLength', PASSWORD_MIN],
  [USER, 'firstName', 'maxLength', NAME_MAX],
  [USER, 'lastName', 'maxLength', NAME_MAX],
  [USER, 'bio', 'maxLength', BIO_MAX],
  [CONTACT, 'name', 'maxLength', contactMax('name')],
  [CONTACT, 'subject', 'maxLength', contactMax('subject')],
  [CONTACT, 'message', 'maxLength', contactMax('message')],
  ['api/game-score/content-types/game-score/schema.json', 'level', 'max', LEVELS.length],
  ['api/news-item/content-types/news-item/schema.json', 'category', 'enum', [...NEWS_CATEGORIES]],
  ['api/news-feed/content-types/news-feed/schema.json', 'category', 'enum', [...NEWS_CATEGORIES]],
];

describe('schemas agree with the contract', () => {
  it.each(copies)('%s: %s.%s', (schema, attribute, key, contract) => {
    expect(attributesOf(schema)[attribute]?.[key]).toEqual(contract);
  });
});
