// commander, loaded as CommonJS: importing it as an ES module makes Node translate its
// exports on every start, a few milliseconds of every command (a cached re-scan takes
// little more than a tenth of a second).
import { createRequire } from 'node:module';

const commander = createRequire(import.meta.url)('commander') as typeof import('commander');

export const { Command, CommanderError, InvalidArgumentError, Option } = commander;
export type Command = InstanceType<typeof Command>;
export type Option = InstanceType<typeof Option>;
