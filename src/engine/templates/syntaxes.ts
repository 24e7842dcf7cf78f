// The template languages the module reads, by the id a render sink names them with.
import type { TemplateSyntax } from './types.ts';
import { jinja, nunjucks, twig } from './jinja.ts';
import { ejs, handlebars, pug } from './express.ts';
import { blade } from './blade.ts';
import { thymeleaf } from './thymeleaf.ts';
import { razor } from './razor.ts';
import { erb } from './erb.ts';
import { goText } from './gotemplate.ts';

export const TEMPLATE_SYNTAXES: ReadonlyMap<string, TemplateSyntax> = new Map([jinja, twig, nunjucks, ejs, pug, handlebars, blade, thymeleaf, razor, erb, goText].map((s) => [s.id, s]));
