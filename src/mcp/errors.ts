// A failure the agent can act on: its message becomes the tool's `{error}`
// answer. Anything else thrown by a tool is a bug and is reported as such.
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolError';
  }
}
