# With multipart uploads on, a cross-site form can post a mutation to a strawberry view.
from django.views.decorators.csrf import csrf_exempt
from strawberry.django.views import GraphQLView


class UploadGraphQLView(GraphQLView):
    multipart_uploads_enabled = True

    # ruleid: CSRF
    @csrf_exempt
    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.forbidden()
        return super().dispatch(request, *args, **kwargs)
