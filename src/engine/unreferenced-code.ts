// Code that nothing can call is not a way in. A trust-all certificate manager that only an
// unused helper constructs, or a validation rule class that no form ever names, holds a weakness
// that no request reaches: a reviewer reads such a finding, looks for the callers, finds none and
// dismisses it. This module leaves out the findings whose sink sits inside such a declaration.
//
// Only where "nothing calls it" is certain from the text of the scanned tree, for Java, C# and
// PHP, where a call names what it calls:
// - a `private` method or nested class (only its own file can name it);
// - a class of a type that only the application's code instantiates (a Laravel validation rule,
//   a JSSE trust manager or host-name verifier): no framework discovers those by itself;
// - in a Java or C# application (not a library, whose public helpers are its API), a `static`
//   method (PHP frameworks call static hooks by name: `booted`, `getSubscribedEvents`).
// Such a declaration is unreferenced when no other file of the scan spells its name (code,
// templates, configuration: a reflective or XML reference spells it too) and every mention in its
// own file lies in itself, in an overload of the same name, or in other unreferenced code. An
// annotated declaration (`@Bean`, `[HttpGet]`, `#[Route]`) is a framework's to call, and a method
// the runtime calls by convention (`main`, Java's serialisation hooks and the static `valueOf` /
// `fromString` factories that convert request strings, PHP's magic methods) is
// never unreferenced. The judgement needs the whole tree: only a scan whose root holds the
// project's build manifest (`pom.xml`, a solution, `composer.json`) makes it; a scan of one file
// or one folder reports everything as before. Secrets are reported wherever they are.
import { braceLanguageOf, declarationsAround, declarationsOf, offsetOf, type BraceLanguage, type Declaration, type FileDeclarations } from './project/declarations.ts';
import type { Finding } from './types.ts';

interface LanguageModel {
  /** Root-level files that show the scan covers a whole project. */
  rootManifest: RegExp;
  /**
   * Whether the code at `file` belongs to an application, whose unused static helpers are dead (a
   * library's public helpers are its API), given the scan's files.
   */
  application: (file: string, texts: ReadonlyMap<string, { text: string }>) => boolean;
  /** Code that calls a method by a name it computes (reflection, `$this->$name()`): a file spelling it has no unreferenced methods. */
  dynamicCalls: RegExp;
  /** Private methods a framework calls by a naming convention (bean accessors, which Hibernate and Jackson call by property name). */
  conventionalPrivate?: RegExp;
  /** Base types whose implementations run only when the application's code instantiates them. */
  constructedByCode: ReadonlySet<string>;
  /** An annotation or attribute in a declaration's header, other than those that change nothing about who calls it. */
  annotated: (header: string) => boolean;
  /** Methods the runtime calls by their name alone. */
  calledByConvention: (name: string) => boolean;
}

/** Java annotations that do not make a framework call the method. */
const JAVA_INERT_ANNOTATIONS = /^(Override|SuppressWarnings|Deprecated|SafeVarargs|Nullable|NonNull|NotNull|Nonnull|CheckForNull|SneakyThrows)$/;
/**
 * Entry points, Java serialisation's hooks, and the static factories that JAX-RS, Spring and JAXB
 * call to convert a request string into a parameter's type.
 */
const JAVA_CONVENTIONS = new Set(['main', 'premain', 'agentmain', 'readObject', 'writeObject', 'readObjectNoData', 'readResolve', 'writeReplace', 'valueOf', 'fromString', 'fromValue', 'of', 'from']);

const MODELS: Record<BraceLanguage, LanguageModel> = {
  java: {
    rootManifest: /^(pom\.xml|build\.gradle(\.kts)?|settings\.gradle(\.kts)?)$/,
    application: (_file, texts) => javaApplication(texts),
    dynamicCalls: /\.(getDeclaredMethods?|getMethods?)\s*\(|\bMethodHandles\b|\bReflectionUtils\b/,
    conventionalPrivate: /^(get|set|is)[A-Z]/,
    constructedByCode: new Set(['TrustManager', 'X509TrustManager', 'X509ExtendedTrustManager', 'HostnameVerifier']),
    annotated: (header) => [...header.matchAll(/@([A-Za-z_$][\w$.]*)/g)].some((m) => m[1] !== 'interface' && !JAVA_INERT_ANNOTATIONS.test(m[1]!.slice(m[1]!.lastIndexOf('.') + 1))),
    calledByConvention: (name) => JAVA_CONVENTIONS.has(name),
  },
  csharp: {
    rootManifest: /^([^/]+\.(sln|slnx|csproj)|Directory\.Build\.props)$/,
    // The project the file belongs to (its nearest `.csproj`) is a web application; a class library
    // beside one in the repository is a package other code calls.
    application: (file, texts) => /Sdk\s*=\s*"Microsoft\.NET\.Sdk\.(Web|Razor|BlazorWebAssembly)"/.test(nearestProject(file, texts)?.text ?? ''),
    dynamicCalls: /\.(GetMethods?|InvokeMember)\s*\(/,
    constructedByCode: new Set(),
    annotated: (header) => /(^|\n)\s*\[/.test(header),
    calledByConvention: (name) => name === 'Main' || name === 'CreateHostBuilder' || name === 'CreateWebHostBuilder',
  },
  php: {
    rootManifest: /^composer\.json$/,
    // PHP frameworks call static hooks by name (`booted`, `getSubscribedEvents`): no static method is judged.
    application: () => false,
    dynamicCalls: /\$this->\s*(\$|\{)|(static|self|parent)::\s*(\$|\{)|\bcall_user_func(_array)?\s*\(|\[\s*\$this\s*,\s*\$|->\$\w+\s*\(/,
    constructedByCode: new Set(['ValidationRule', 'Rule', 'InvokableRule', 'ImplicitRule']),
    annotated: (header) => header.includes('#['),
    calledByConvention: (name) => name.startsWith('__'),
  },
};

/**
 * Could `d`, a declaration of `file`, be unreferenced (see the top of the file)? Anything else is
 * reachable in its own right. `dynamic`: the file calls methods by computed names.
 */
function isCandidate(d: Declaration, file: FileDeclarations, model: LanguageModel, application: boolean, dynamic: boolean): boolean {
  if (model.annotated(d.header)) return false;
  // A C# partial class has other parts the scan may not read (a designer file wires its event handlers).
  const owner = declarationsAround(file, d.start).find((o) => o !== d && o.kind === 'class');
  if (owner && /\bpartial\b/.test(owner.modifiers)) return false;
  const isPrivate = /\bprivate\b/.test(d.modifiers);
  if (d.kind === 'class') return isPrivate || d.bases.some((b) => model.constructedByCode.has(b));
  if (model.calledByConvention(d.name) || dynamic || (isPrivate && model.conventionalPrivate?.test(d.name))) return false;
  return isPrivate || (application && /\bstatic\b/.test(d.modifiers) && !/\b(abstract|override|virtual)\b/.test(d.modifiers));
}

const PUBLISHES = /<distributionManagement>|nexus-staging|central-publishing|maven-gpg-plugin|\bmaven-publish\b|\bpublishing\s*\{/;

/** A Spring Boot or servlet application whose build publishes no artifact (a published module is a library others call). */
function javaApplication(texts: ReadonlyMap<string, { text: string }>): boolean {
  let app = false;
  for (const [path, { text }] of texts) {
    if (/(^|\/)(pom\.xml|[\w.-]+\.gradle(\.kts)?)$/.test(path) && PUBLISHES.test(text)) return false;
    if (/(^|\/)WEB-INF\/web\.xml$/.test(path) || (path.endsWith('.java') && text.includes('@SpringBootApplication'))) app = true;
  }
  return app;
}

/** The `.csproj` in the nearest folder above `file`. */
function nearestProject(file: string, texts: ReadonlyMap<string, { text: string }>): { text: string } | undefined {
  for (let dir = file.slice(0, file.lastIndexOf('/') + 1); ; dir = dir.slice(0, dir.lastIndexOf('/', dir.length - 2) + 1)) {
    for (const [path, text] of texts) if (path.startsWith(dir) && path.endsWith('.csproj') && !path.slice(dir.length).includes('/')) return text;
    if (dir === '') return undefined;
  }
}

interface Outline extends FileDeclarations {
  language: BraceLanguage;
  candidates: Set<Declaration>;
}

const sameName = (a: string, b: string, language: BraceLanguage) => (language === 'php' ? a.toLowerCase() === b.toLowerCase() : a === b);

/** A name as a word; PHP's function and method names are case-insensitive. */
const wordAt = (name: string, language: BraceLanguage) => new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, language === 'php' ? 'gi' : 'g');

/**
 * Leaves out the findings whose sink lies in code nothing can call, judged over the scan's files
 * (`texts`, by root-relative path). Files are read once, and only when some finding may be left out.
 */
export class UnreferencedCode {
  private readonly outlines = new Map<string, Outline | null>();
  private readonly mentionedIn = new Map<string, Set<string>>();
  private readonly applications = new Map<string, boolean>();
  private readonly projects = new Map<BraceLanguage, boolean>();

  constructor(private readonly texts: ReadonlyMap<string, { text: string }>) {}

  /** `findings` without those in unreferenced code; the same array when none is. */
  filter(findings: Finding[]): Finding[] {
    const dropped = new Set(findings.filter((f) => !f.ruleId.startsWith('secrets.') && this.unreferenced(f)));
    return dropped.size === 0 ? findings : findings.filter((f) => !dropped.has(f));
  }

  private unreferenced(finding: Finding): boolean {
    const language = braceLanguageOf(finding.file);
    if (!language || !this.coversProject(language)) return false;
    const file = this.outlineOf(finding.file, language);
    if (!file) return false;
    const at = offsetOf(this.texts.get(finding.file)!.text, finding.line, finding.column);
    return deadAt(file, at, (d) => this.isDead(finding.file, file, d, new Set()));
  }

  private coversProject(language: BraceLanguage): boolean {
    let known = this.projects.get(language);
    if (known === undefined) {
      known = [...this.texts.keys()].some((path) => MODELS[language].rootManifest.test(path));
      this.projects.set(language, known);
    }
    return known;
  }

  private isApplication(language: BraceLanguage, file: string): boolean {
    // Java decides once per scan, C# per project folder.
    const key = language === 'csharp' ? `${language}:${file.slice(0, file.lastIndexOf('/'))}` : language;
    let known = this.applications.get(key);
    if (known === undefined) {
      known = MODELS[language].application(file, this.texts);
      this.applications.set(key, known);
    }
    return known;
  }

  private outlineOf(path: string, language: BraceLanguage): Outline | undefined {
    let known = this.outlines.get(path);
    if (known === undefined) {
      const file = declarationsOf(this.texts.get(path)!.text, language);
      const application = this.isApplication(language, path);
      const model = MODELS[language];
      const dynamic = !!file && model.dynamicCalls.test(file.code);
      known = file ? { ...file, language, candidates: new Set(file.declarations.filter((d) => isCandidate(d, file, model, application, dynamic))) } : null;
      this.outlines.set(path, known);
    }
    return known ?? undefined;
  }

  /** The scan's files whose text spells `name` as a word. */
  private filesMentioning(name: string, language: BraceLanguage): Set<string> {
    const key = `${language}:${name}`;
    let files = this.mentionedIn.get(key);
    if (!files) {
      files = new Set();
      const word = wordAt(name, language);
      const exact = language !== 'php';
      for (const [path, { text }] of this.texts) {
        if (exact && !text.includes(name)) continue;
        word.lastIndex = 0;
        if (word.test(text)) files.add(path);
      }
      this.mentionedIn.set(key, files);
    }
    return files;
  }

  /**
   * Whether candidate `declaration` of `path` is unreferenced. `assumed` holds the declarations
   * being decided further up: a mention from one of them is as dead as they turn out to be
   * (mutually calling helpers that nothing else calls are all dead).
   */
  private isDead(path: string, file: Outline, declaration: Declaration, assumed: Set<Declaration>): boolean {
    for (const other of this.filesMentioning(declaration.name, file.language)) if (other !== path) return false;
    // The declarations of this name that decide together: the method's overloads, or the class.
    const group = file.declarations.filter((d) => d === declaration || (declaration.kind === 'method' && d.kind === 'method' && sameName(d.name, declaration.name, file.language) && file.candidates.has(d)));
    const inGroup = (at: number) => group.some((d) => at >= d.start && at <= d.end);
    const decided = new Set([...assumed, ...group]);
    for (const m of file.code.matchAll(wordAt(declaration.name, file.language))) {
      if (inGroup(m.index)) continue;
      if (!deadAt(file, m.index, (d) => decided.has(d) || this.isDead(path, file, d, decided))) return false;
    }
    return true;
  }
}

/** Whether a candidate declaration around `at` is dead by `dead`. */
function deadAt(file: Outline, at: number, dead: (d: Declaration) => boolean): boolean {
  return declarationsAround(file, at).some((d) => file.candidates.has(d) && dead(d));
}
