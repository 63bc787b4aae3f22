import { databaseUrl, defaultHost, type Env, integer, listeningUrl, raw, url } from './config-values';

/** Where the server listens, which address customers reach it at, and where it keeps its data and files. */
export function readSite(env: Env) {
  const PORT = integer(env, 'PORT', 3000, 0, 65535);
  const host = raw(env, 'HOST');
  // The origin the customer typed: a browser keeps the sign-in per origin, so payment must return to it.
  const PUBLIC_URL = url(env, 'PUBLIC_URL', listeningUrl(host, PORT));
  return {
    /** TCP port to listen on; 0 lets the OS choose (used by tests). */
    PORT,
    /**
     * The address to listen on. Default: loopback (127.0.0.1) while PUBLIC_URL is unset, so that a site nobody
     * configured is reachable from this machine only; every interface (0.0.0.0) once PUBLIC_URL names the site.
     */
    // A site with a public address listens on every interface (containers, where loopback is unreachable); one
    // with none, or a loopback one, is a tool for this machine and listens on loopback only.
    HOST: host ?? defaultHost(PUBLIC_URL),
    /** Where the SQLite database (when DATABASE_URL is unset), the mail outbox and the limits file live. */
    DATA_DIR: raw(env, 'DATA_DIR') ?? './data',
    /**
     * postgres://user:password@host:port/database (or postgresql://): the data lives in that PostgreSQL
     * database, which several server instances may share. Unset: the embedded SQLite file in DATA_DIR.
     */
    DATABASE_URL: databaseUrl(env, 'DATABASE_URL'),
    /**
     * The address customers reach us at; used for links in mail and payment redirects. Default: the address the
     * server listens on (http://localhost:PORT for loopback or every interface), so payment returns to the origin
     * the customer came from.
     */
    PUBLIC_URL,
    /** The built SPA (vite's output directory). */
    STATIC_DIR: raw(env, 'STATIC_DIR') ?? 'dist',
  };
}
