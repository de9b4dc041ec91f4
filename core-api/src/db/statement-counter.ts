import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Counts the statements run through a Kysely instance (`db.withPlugin(counter)`): tests hold a list
 * to a fixed number of statements whatever its page size, the proof it runs no query per row.
 */
export class StatementCounter implements KyselyPlugin {
  count = 0;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  // Called once per statement executed, not per statement compiled.
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count += 1;
    return args.result;
  }

  /** The statements `action` ran (other requests must not run meanwhile). */
  async during(action: () => Promise<unknown>): Promise<number> {
    const before = this.count;
    await action();
    return this.count - before;
  }
}

/**
 * Records the statements run through a Kysely instance while `during` runs, as operation trees:
 * tests read which tables a request selected from (`tablesRead`) or the text of its raw SQL (`rawSql`).
 */
export class StatementLog implements KyselyPlugin {
  private nodes: RootOperationNode[] | null = null;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.nodes?.push(args.node);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /** The statements `action` compiled (other requests must not run meanwhile). */
  async during(action: () => Promise<unknown>): Promise<RootOperationNode[]> {
    const nodes: RootOperationNode[] = [];
    this.nodes = nodes;
    try {
      await action();
    } finally {
      this.nodes = null;
    }
    return nodes;
  }
}

/** The tables a query builder's SELECT reads in its FROM (aliases resolved); none for raw SQL. */
export function tablesRead(node: OperationNode): string[] {
  if (node.kind !== 'SelectQueryNode') return [];
  const froms = (node as { from?: { froms: OperationNode[] } }).from?.froms ?? [];
  return froms.flatMap((from) => {
    const table = (from.kind === 'AliasNode' ? (from as unknown as { node: OperationNode }).node : from) as {
      kind: string;
      table?: { identifier: { name: string } };
    };
    return table.kind === 'TableNode' && table.table ? [table.table.identifier.name] : [];
  });
}

/** The text of a raw `sql` statement, nested fragments joined and values as `?`; '' for a built query. */
export function rawSql(node: OperationNode): string {
  if (node.kind !== 'RawNode') return '';
  const { sqlFragments, parameters } = node as unknown as { sqlFragments: readonly string[]; parameters: readonly OperationNode[] };
  return sqlFragments.map((fragment, i) => fragment + (parameters[i] ? rawSql(parameters[i]) || '?' : '')).join('');
}
