// Fake token signed with a throw-away key for this test.
// ruleid: HARDCODED_SECRET
export const SERVICE_TOKEN = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ0ZXN0LXN2YyIsImlhdCI6MTcwMDAwMDAwMH0.qK2bX9vN4mL7pR1sT6wY3zA8cE5fH0jU2iO9kD4gB7n';
// ok: HARDCODED_SECRET
export const UNSIGNED = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ0ZXN0In0.';
// A login response copied into API documentation: its exp (May 2019) has passed, so the signer refuses it.
// ok: HARDCODED_SECRET
export const EXAMPLE_RESPONSE = { token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkZW1vLXVzZXIiLCJhdWQiOiJBUFAiLCJleHAiOjE1NTczMjY4NTAsImlhdCI6MTU1NzMxOTY1MH0.Xq7vT2mK9pL4sN8rW1yB6cF3hJ0dG5aE2iU7oZ4kQ9w' };
// A token valid until 2100: reported.
// ruleid: HARDCODED_SECRET
export const REPORTS_TOKEN = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJzdmMtcmVwb3J0cyIsImV4cCI6NDEwMjQ0NDgwMCwiaWF0IjoxNzAwMDAwMDAwfQ.Lm3nB8vC1xZ6aS9dF2gH5jK0qW7eR4tY1uI8oP3sD6f';
// An exp that is no number is no expiry (RFC 7519 NumericDate): reported.
// ruleid: HARDCODED_SECRET
export const ODD_TOKEN = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJzdmMiLCJleHAiOiIxNTU3MzI2ODUwIn0.Rt5yU8iO1pA4sD7fG0hJ3kL6zX9cV2bN5mQ8wE1rT4y';
