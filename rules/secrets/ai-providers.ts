// Fake values generated for this test; none of them is a real credential.
// ruleid: HARDCODED_SECRET
const openai = new OpenAI({ apiKey: 'sk-proj-a-oHUR8K_Dmu7GoRl6iNT3BlbkFJ4Ez_bFyXQePQ1HbdvNQC' });
// ruleid: HARDCODED_SECRET
const anthropic = new Anthropic({ apiKey: "sk-ant-api03-CZRj_c-PkZ3nmXigoMBSXvHOLncUA6xbso_dz0B3-w9h0hMVXOSz8unYggABCFloP8goWmhU1fldeK1rcHWFcQMRnI-8N" });
// ruleid: HARDCODED_SECRET
export const HF_TOKEN = 'hf_Ma6J1brsApHmUkGX7a8m4l2vy8tYAg6gM0';
// ok: HARDCODED_SECRET
export const model = 'sk-learn-style-model-name';
// ok: HARDCODED_SECRET
const fromEnv = new OpenAI({ apiKey: process.env.OPENAI_API_KEY });
