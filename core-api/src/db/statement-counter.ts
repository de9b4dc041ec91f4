import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

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
