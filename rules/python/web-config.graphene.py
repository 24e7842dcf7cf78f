# graphene-django's GraphQLView accepts form-encoded and multipart bodies: exempted, a cross-site
# form can run a mutation with the user's cookie.
from django.views.decorators.csrf import csrf_exempt
from graphene_django.views import GraphQLView


class ApiGraphQLView(GraphQLView):
    # ruleid: CSRF
    @csrf_exempt
    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.forbidden()
        return super().dispatch(request, *args, **kwargs)
