# Strawberry's GraphQL views read JSON bodies only (multipart uploads are off by default) and run
# no mutation over GET: a cross-site form cannot send them a request.
from django.views.decorators.csrf import csrf_exempt
from strawberry.django.views import GraphQLView


class ApiGraphQLView(GraphQLView):
    # ok: CSRF
    @csrf_exempt
    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.forbidden()
        return super().dispatch(request, *args, **kwargs)



def serve(app):
    # ruleid: DEBUG_ENABLED
    app.run(debug=True)
