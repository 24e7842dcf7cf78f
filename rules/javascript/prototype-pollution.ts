import express, { Request, Response } from 'express';

const app = express();
app.use(express.json());

// A path setter written by hand: `a.b.c` walks into nested objects.
function setPath(settings: Record<string, any>, path: string, value: unknown) {
  const [group, name] = path.split('.');
  // ruleid: PROTOTYPE_POLLUTION
  settings[group][name] = value;
}

function mergeInto(target: Record<string, any>, source: Record<string, any>) {
  for (const key of Object.keys(source)) {
    if (typeof source[key] === 'object') {
      mergeInto(target[key] ?? (target[key] = {}), source[key]);
    } else {
      // ruleid: PROTOTYPE_POLLUTION
      target[key] = source[key];
    }
  }
}

app.post('/settings', (req: Request, res: Response) => {
  const settings: Record<string, any> = { ui: {}, mail: {} };
  setPath(settings, req.body.path, req.body.value);
  mergeInto(settings, req.body.patch);
  // One level: the attacker's `__proto__` key only replaces the prototype of this fresh object.
  const flat: Record<string, unknown> = {};
  for (const key of Object.keys(req.body.params)) {
    // ok: PROTOTYPE_POLLUTION
    flat[`params.${key}`] = req.body.params[key];
  }
  const byProvider = Object.keys(req.body.authData).reduce((acc: Record<string, unknown>, provider) => {
    // ok: PROTOTYPE_POLLUTION
    acc[provider] = req.body.authData[provider];
    return acc;
  }, {});
  res.json({ settings, flat, byProvider });
});

export default app;
