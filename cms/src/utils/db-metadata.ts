/**
 * Where a content type's rows live, read from Strapi's database metadata: for the few queries written
 * in knex (keyset pages, cascades, index migrations) rather than through the query engine.
 */
import type { Core } from '@strapi/strapi';

/** A content type's table, and the column an attribute is stored in. */
export function tableOf(strapi: Core.Strapi, uid: string): { table: string; column: (attribute: string) => string } {
  const meta = strapi.db.metadata.get(uid);
  const columnName = (attribute: string) => {
    const found = meta.attributes[attribute];
    return found && 'columnName' in found ? found.columnName : undefined;
  };
  return { table: meta.tableName, column: (attribute) => columnName(attribute) ?? attribute };
}

/** The join table of a relation (e.g. a linking code's `user`): its name, its own row's column and the related row's. */
export function joinTableOf(strapi: Core.Strapi, uid: string, attribute: string): { name: string; joinColumn: string; inverseJoinColumn: string } {
  const found = strapi.db.metadata.get(uid).attributes[attribute];
  const joinTable = found && 'joinTable' in found ? found.joinTable : undefined;
  if (!joinTable || !('inverseJoinColumn' in joinTable)) throw new Error(`${uid}.${attribute} is not a relation through a join table`);
  return { name: joinTable.name, joinColumn: joinTable.joinColumn.name, inverseJoinColumn: joinTable.inverseJoinColumn.name };
}
