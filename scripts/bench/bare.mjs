// The read floor of `npm run bench`: a bare Hono app with one route, served exactly as the real server is
// (@hono/node-server, plain node, its own process). Prints its address, then serves until killed.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/hello', (c) => c.text('hello'));
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`listening on http://127.0.0.1:${info.port}`);
});
