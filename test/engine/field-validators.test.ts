// A model class's field validator runs before the code sees the model (Pydantic's `@validator("id")`): the
// guard clauses that open it vet that field of any value of the class (src/engine/taint/members.ts). And a
// guard clause that calls a predicate the project defines (`if not is_snake_case(v): raise`) vets as the
// predicate checks (guards.ts, vettedParams), in a validator as in any function that checks its argument.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanProject, findingLines } from '../helpers/scan-project.ts';

const HELPERS = `import re


def is_slug(value: str) -> bool:
    return re.match(r"^[a-z]+(_[a-z0-9]+)*$", value) is not None
`;

const MODEL = `import re

from pydantic import BaseModel, field_validator, validator

from shop.helpers import is_slug

CODE = re.compile(r"^[A-Z]{3}$")


class Bundle(BaseModel):
    slug: str
    code: str
    title: str
    notes: str

    @validator("slug")
    def slug_is_snake(cls, v: str) -> str:
        if v.strip() == "":
            raise ValueError("slug is required")
        if not is_slug(v):
            raise ValueError(f"slug must be snake_case, not {v}")
        return v

    @field_validator("code")
    def code_is_three_letters(cls, v):
        if not CODE.fullmatch(v):
            raise ValueError("bad code")
        return v

    @validator("notes")
    def notes_trimmed(cls, v):
        return v.strip()
`;

const VIEWS = `import os

from fastapi import APIRouter

from shop.models import Bundle

router = APIRouter()


@router.post("/bundles")
async def save(bundle: Bundle):
    open(os.path.join("/srv/bundles", bundle.slug, "meta.json"), "w")
    open(os.path.join("/srv/codes", bundle.code), "w")
    open(os.path.join("/srv/titles", bundle.title), "w")
    open(os.path.join("/srv/notes", bundle.notes), "w")
`;

test('a field a Pydantic validator checks is vetted; a field it only trims, and a field without one, are not', async () => {
  const findings = await scanProject({ 'shop/helpers.py': HELPERS, 'shop/models.py': MODEL, 'shop/views.py': VIEWS });
  assert.deepEqual(findingLines(findings, 'PATH_TRAVERSAL'), [14, 15]);
});

test('without the model class in the scan, every field stays untrusted', async () => {
  const findings = await scanProject({ 'shop/views.py': VIEWS });
  assert.deepEqual(findingLines(findings, 'PATH_TRAVERSAL'), [12, 13, 14, 15]);
});

const CHECKS = `export function isSafeName(name) {
  return /^[a-z0-9_-]+$/.test(name);
}
`;

const ROUTES = `import express from 'express';
import fs from 'node:fs';
import { isSafeName } from './checks.js';

const app = express();

function requireSafeName(name) {
  if (!isSafeName(name)) {
    throw new Error('bad name');
  }
}

function requireName(name) {
  if (!name) {
    throw new Error('no name');
  }
}

app.get('/files', (req, res) => {
  const name = req.query.name;
  requireSafeName(name);
  res.send(fs.readFileSync('/srv/files/' + name));
});

app.get('/other', (req, res) => {
  const name = req.query.name;
  requireName(name);
  res.send(fs.readFileSync('/srv/other/' + name));
});
`;

test('a function whose opening guard clause calls a project predicate vets its argument as the predicate checks it', async () => {
  const findings = await scanProject({ 'src/checks.js': CHECKS, 'src/routes.js': ROUTES });
  assert.deepEqual(findingLines(findings, 'PATH_TRAVERSAL'), [28]);
});
