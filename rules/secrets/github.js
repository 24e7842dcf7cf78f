// Fake values generated for this test; none of them is a real credential.
// ruleid: HARDCODED_SECRET
const octokit = new Octokit({ auth: 'ghp_6aYr3E3iEAW9FffudIjBKOjVOQ1bDI4NssRe' });
const tokens = {
  // ruleid: HARDCODED_SECRET
  oauth: "gho_52JaPA8x49LBETciAKcXpyBHB6ndxRSDGmkv",
  // ruleid: HARDCODED_SECRET
  installation: `ghs_FUUOgldSkLRN6kipIzExzvMOkWZwHegq1nLV`,
};
// ruleid: HARDCODED_SECRET
const fineGrained = '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';
// ok: HARDCODED_SECRET
const format = 'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx';
// ok: HARDCODED_SECRET
const fromEnv = process.env.GITHUB_TOKEN;
// ok: HARDCODED_SECRET
const clientId = 'Iv1.8a61f9b3a7aba766';
