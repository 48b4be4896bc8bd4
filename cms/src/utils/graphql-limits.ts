/**
 * GraphQL guards, wired in config/plugins.ts and src/extensions/graphql:
 * - restrictSchema: only the allow-listed root queries (utils/allow-list), no mutations, no
 *   draft arguments (status, hasPublishedVersion, publicationFilter), no path from a media file to
 *   other content (UploadFile.related), unreachable types pruned;
 * - a parse limit (tokens) and a field-count rule: an alias flood is refused before it costs anything;
 * - the text rule on every root field's arguments.
 */
import { MapperKind, mapSchema, pruneSchema } from '@graphql-tools/utils';
import {
  BREAK,
  GraphQLError,
  Kind,
  visit,
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { GRAPHQL_QUERIES } from './allow-list';
import { findTextProblem, textProblem } from './text-rules';

/** Tokens in one document: the site's largest query has well under 100. */
export const GRAPHQL_MAX_TOKENS = 1000;
/** Field selections (each alias counts, fragments counted where spread) in one operation. */
const GRAPHQL_MAX_FIELDS = 100;

const DRAFT_ARGS = new Set(['status', 'hasPublishedVersion', 'publicationFilter']);

export function restrictSchema(schema: GraphQLSchema, allowed: readonly string[] = GRAPHQL_QUERIES): GraphQLSchema {
  const keep = new Set(allowed);
  const withoutDraftArgs = <C extends { args?: GraphQLFieldConfigArgumentMap }>(config: C): C => ({
    ...config,
    args: Object.fromEntries(Object.entries(config.args ?? {}).filter(([name]) => !DRAFT_ARGS.has(name))),
  });
  const mapped = mapSchema(schema, {
    [MapperKind.MUTATION]: () => null,
    [MapperKind.SUBSCRIPTION]: () => null,
    [MapperKind.QUERY_ROOT_FIELD]: (config, fieldName) => (keep.has(fieldName) ? withoutDraftArgs(config) : null),
    // A media file's `related` is a union of every content type (users included): not needed by the site.
    [MapperKind.COMPOSITE_FIELD]: (config, fieldName, typeName) => (typeName === 'UploadFile' && fieldName === 'related' ? null : withoutDraftArgs(config)),
  });
  return pruneSchema(mapped);
}

/** Counts field selections of one selection set, fragments expanded, stopping past `limit`. */
function countFields(set: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>, limit: number, seen: Set<string> = new Set()): number {
  let count = 0;
  for (const selection of set.selections) {
    if (count > limit) break;
    if (selection.kind === Kind.FIELD) {
      count += 1;
      if (selection.selectionSet) count += countFields(selection.selectionSet, fragments, limit - count, seen);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      count += countFields(selection.selectionSet, fragments, limit - count, seen);
    } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = fragments[selection.name.value];
      if (!fragment || seen.has(fragment.name.value)) continue; // unknown or cyclic: the standard rules report it
      count += countFields(fragment.selectionSet, fragments, limit - count, new Set([...seen, fragment.name.value]));
    }
  }
  return count;
}

/** Validation rule: at most GRAPHQL_MAX_FIELDS field selections per operation. */
export function fieldLimitRule(max = GRAPHQL_MAX_FIELDS) {
  return (context: ValidationContext) => ({
    Document(node: ASTNode) {
      if (node.kind !== Kind.DOCUMENT) return;
      const fragments: Record<string, FragmentDefinitionNode> = {};
      for (const definition of node.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
      for (const definition of node.definitions) {
        if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
        const count = countFields(definition.selectionSet, fragments, max);
        if (count > max) {
          context.reportError(
            new GraphQLError(`The query selects too many fields (more than ${max}, aliases included); ask for less at once.`, {
              nodes: [definition],
              extensions: { code: 'QUERY_TOO_COMPLEX' },
            }),
          );
        }
      }
    },
  });
}

/** The first string literal of a document that breaks the text rule. */
function literalProblem(document: DocumentNode): string | null {
  let found: string | null = null;
  visit(document, {
    StringValue(node) {
      const problem = textProblem(node.value);
      if (problem) {
        found = `A string argument ${problem}`;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** Apollo plugin: the text rule (utils/text-rules) on every variable and string literal, before execution. */
export const textRulePlugin = {
  async requestDidStart() {
    return {
      async didResolveOperation({ request, document }: { request: { variables?: Record<string, unknown> }; document: DocumentNode }) {
        const problem = findTextProblem(request.variables ?? {}, ['variables'])?.message ?? literalProblem(document);
        if (problem) throw new GraphQLError(problem, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
      },
    };
  },
};
