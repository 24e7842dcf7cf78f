// An Angular component's own errorHandler: it turns a failed request into a message to show. It is no
// Express middleware (the file does not load the errorhandler package).
import { Component } from '@angular/core';
import { errorHandler } from '../shared/units/shared.utils';

@Component({ selector: 'app-instances', template: '' })
export class InstancesComponent {
  message = '';

  failed(error: unknown): void {
    // ok: DEBUG_ENABLED
    const message = errorHandler(error);
    this.message = message || 'UNKNOWN';
  }
}

// The same file may still configure a server that shows stack traces.
import { ApolloServer } from '@apollo/server';

export const server = new ApolloServer({
  typeDefs: 'type Query { ok: Boolean }',
  // ruleid: DEBUG_ENABLED
  includeStacktraceInErrorResponses: true,
});
