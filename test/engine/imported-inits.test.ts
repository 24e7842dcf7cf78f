// A condition on what a variable was given (`init`) reads an imported name's declaration in the module that
// exports it (conditions.ts importedInit): a Zod object schema declared in one file strips the keys it does not
// declare wherever it parses a body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

test('TypeScript: a Zod object schema imported from another module cleans a parsed body for mass assignment; a schema of another library does not', async () => {
  const schemas = [
    "import { z } from 'zod';",
    "import * as yup from 'yup';",
    '',
    'export const presetInput = z.object({ name: z.string(), color: z.string() });',
    'export const profileInput = yup.object({ name: yup.string() });',
    '',
  ].join('\n');
  const handler = [
    "import type { NextApiRequest, NextApiResponse } from 'next';",
    "import prisma from '../../lib/prisma';",
    "import { presetInput, profileInput } from '../../lib/schemas';",
    '',
    'export default async function handler(req: NextApiRequest, res: NextApiResponse) {',
    '  const preset = presetInput.parse(req.body);',
    '  await prisma.preset.create({ data: preset });',
    '  const profile = await profileInput.validate(req.body);',
    '  await prisma.profile.create({ data: profile });',
    '  res.status(201).end();',
    '}',
  ].join('\n');
  const files = { 'lib/schemas.ts': schemas, 'lib/prisma.ts': "import { PrismaClient } from '@prisma/client';\nexport default new PrismaClient();\n", 'pages/api/presets.ts': handler };
  assert.deepEqual(findingLines(await scanProject(files), 'MASS_ASSIGNMENT'), [9]);
});
