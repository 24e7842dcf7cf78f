// A client-side router hands its route triggers a `redirect` callback of its own (Meteor's FlowRouter,
// page.js): it moves to another route of the same application with history.pushState, which cannot leave
// the origin. Only the `redirect` that Next.js, Remix or React Router export answers with a Location.
export function legacyRoutes(router, adminPath) {
  router.route('/legacy/:pane', {
    triggersEnter: [
      (context, redirect) => {
        // ok: OPEN_REDIRECT
        redirect(adminPath(context.params.pane));
      },
    ],
  });
  router.route('/old/:page', {
    triggersEnter: [
      (context, redirect) => {
        // ok: OPEN_REDIRECT
        redirect(router.path('/new/:page', context.params));
      },
    ],
  });
}

// The server's redirect of the same application answers with a Location header.
export function serverRoutes(app) {
  app.get('/go', (req, res) => {
    // ruleid: OPEN_REDIRECT
    res.redirect(req.query.to);
  });
}
