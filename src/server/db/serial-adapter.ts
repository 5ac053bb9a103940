import "server-only";
import type { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";

type Factory = PrismaBetterSqlite3;
type Adapter = Awaited<ReturnType<Factory["connect"]>>;
type Tx = Awaited<ReturnType<Adapter["startTransaction"]>>;

/** What a wrapper leaves as it is: the target's own value, its methods bound to it. */
function own(target: object, prop: string | symbol): unknown {
  const value: unknown = Reflect.get(target, prop);
  return typeof value === "function" ? value.bind(target) : value;
}

/**
 * The driver adapter holds one SQLite connection for the whole process. It keeps transactions apart
 * from each other, but a statement sent outside a transaction runs on that connection at once, even
 * while another request's transaction is open and waiting: the statement then becomes part of that
 * transaction, and is undone with it if it rolls back, after its own request was told it succeeded.
 * This wrapper makes every statement outside a transaction wait until no transaction is open (and
 * transactions wait for each other), first come, first served. Statements inside a transaction go
 * through the transaction object and are not held.
 */
export interface AdapterHooks {
  /** Called after each statement or transaction that may have changed the database has committed. */
  onWrite?: () => void;
  /** Set by the wrapper: waits until nothing runs, then holds every later statement until released. */
  hold?: () => Promise<() => void>;
}

/** Statements that only read: everything else sent outside a transaction counts as a write. */
const READ_ONLY_SQL = /^\s*(SELECT|PRAGMA|EXPLAIN|WITH\b(?![\s\S]*\b(INSERT|UPDATE|DELETE|REPLACE)\b))/iu;

export function serializedAdapter(factory: Factory, hooks: AdapterHooks = {}): Factory {
  let tail: Promise<void> = Promise.resolve();
  /** Resolves, in arrival order, once every earlier holder has released; gives the release function. */
  function acquire(): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const before = tail;
    tail = before.then(() => mine);
    return before.then(() => release);
  }
  hooks.hold = acquire;
  const wrote = () => {
    try {
      hooks.onWrite?.();
    } catch (err) {
      console.error("[reverie] write listener failed", err);
    }
  };
  async function alone<T>(run: () => Promise<T>, write: boolean): Promise<T> {
    const release = await acquire();
    try {
      const result = await run();
      if (write) wrote();
      return result;
    } finally {
      release();
    }
  }

  function wrapTx(tx: Tx, release: () => void): Tx {
    let released = false;
    const done = () => {
      if (!released) {
        released = true;
        release();
      }
    };
    return new Proxy(tx, {
      get(target, prop) {
        if (prop === "commit" || prop === "rollback") {
          return async () => {
            try {
              await target[prop]();
              if (prop === "commit") wrote();
            } finally {
              done();
            }
          };
        }
        return own(target, prop);
      },
    });
  }

  function wrap(adapter: Adapter): Adapter {
    return new Proxy(adapter, {
      get(target, prop) {
        if (prop === "queryRaw" || prop === "executeRaw" || prop === "executeScript") {
          return (arg: never) => {
            const sql = arg as { sql?: unknown } | string | undefined;
            const text = typeof sql === "string" ? sql : typeof sql?.sql === "string" ? sql.sql : "";
            const write = prop !== "queryRaw" || !READ_ONLY_SQL.test(text);
            return alone(() => (target[prop] as (a: never) => Promise<unknown>)(arg), write);
          };
        }
        if (prop === "startTransaction") {
          return async (...args: Parameters<Adapter["startTransaction"]>) => {
            const release = await acquire();
            try {
              return wrapTx(await target.startTransaction(...args), release);
            } catch (err) {
              release();
              throw err;
            }
          };
        }
        return own(target, prop);
      },
    });
  }

  return new Proxy(factory, {
    get(target, prop) {
      if (prop === "connect") return async () => wrap(await target.connect());
      return own(target, prop);
    },
  });
}
