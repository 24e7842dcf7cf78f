// Fake token signed with a throw-away key for this test.
// ruleid: HARDCODED_SECRET
export const SERVICE_TOKEN = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ0ZXN0LXN2YyIsImlhdCI6MTcwMDAwMDAwMH0.qK2bX9vN4mL7pR1sT6wY3zA8cE5fH0jU2iO9kD4gB7n';
// ok: HARDCODED_SECRET
export const UNSIGNED = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ0ZXN0In0.';
