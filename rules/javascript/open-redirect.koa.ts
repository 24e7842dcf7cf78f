// Koa with koa-router: the request path in handlers of routes that start with a fixed segment.
import Koa from "koa";
import Router from "koa-router";

const app = new Koa();
const router = new Router();

// Every path of the handler starts with `/share/`: the request path does, and so does what replaces
// that start with another fixed segment.
router.use(["/share/:shareId", "/share/:shareId/doc/:slug", "/share/:shareId/*"], (ctx) => {
  // ok: OPEN_REDIRECT
  ctx.redirect(ctx.path.replace(/^\/share/, "/s") + ctx.request.URL.search);
});

router.get("/docs/:slug", (ctx) => {
  // ok: OPEN_REDIRECT
  ctx.redirect(ctx.path + "/");
});

// Removing the fixed segment can leave `//evil.example` (a request for `/old//evil.example`).
router.get("/old/*", (ctx) => {
  // ruleid: OPEN_REDIRECT
  ctx.redirect(ctx.path.replace(/^\/old/, ""));
});

router.get("/legacy/*", (ctx) => {
  // ruleid: OPEN_REDIRECT
  ctx.redirect(ctx.path.slice(7));
});

// A route that starts with a parameter matches `/\evil.example/`, which browsers read as `//evil.example/`.
router.get("/:page/", (ctx) => {
  // ruleid: OPEN_REDIRECT
  ctx.redirect(ctx.path.slice(0, -1));
});

// A middleware for every path: `//evil.example/` loses its slash too.
app.use(async (ctx) => {
  const trimmed = ctx.path.replace(/\/+$/, "");
  // ruleid: OPEN_REDIRECT
  ctx.redirect(trimmed || "/");
});

// A router nested under a parameter prefix: a request for `/\evil.example/docs/x` reaches its routes.
const localized = new Router();
localized.get("/docs/:slug", (ctx) => {
  // ruleid: OPEN_REDIRECT
  ctx.redirect(ctx.path + "/");
});
router.use("/:lang", localized.routes());

app.use(router.routes());
