# CSRF exemptions matter only for views that act with the browser's ambient authority.
from django.contrib.auth import login, update_session_auth_hash
from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from .auth import authorize, project_for_user
from .models import Bot, Check, Profile
from .oauth import oauth, social_views


# ruleid: CSRF
@csrf_exempt
@login_required
@require_POST
def rename_project(request, code):
    Check.objects.filter(project__code=code).update(name=request.POST["name"])
    return HttpResponse(status=204)


# ruleid: CSRF
@csrf_exempt
@permission_required("checks.delete_check")
def delete_check(request, code):
    Check.objects.filter(code=code).delete()
    return HttpResponse(status=204)


# ruleid: CSRF
@csrf_exempt
def set_theme(request):
    request.session["theme"] = "dark"
    return HttpResponse(status=204)


# ruleid: CSRF
@csrf_exempt
def quick_login(request):
    user = Profile.objects.get(token=request.POST["token"]).user
    login(request, user)
    return HttpResponse(status=204)


# ruleid: CSRF
@csrf_exempt
def change_password(request):
    form = request.POST
    update_session_auth_hash(request, form)
    return HttpResponse(status=204)


# ruleid: CSRF
@csrf_exempt
def pause_all(request, code):
    project = project_for_user(request, code)
    project.check_set.update(status="paused")
    return HttpResponse(status=204)


class Settings:
    # ruleid: CSRF
    @csrf_exempt
    def post(self, request):
        self.request.user.profile.save()
        return HttpResponse(status=204)


# A ping URL for cron jobs: the check's secret UUID in the URL is the credential.
# ok: CSRF
@csrf_exempt
def ping(request, code):
    Check.objects.filter(code=code).update(last_ping=request.body[:100])
    return HttpResponse("OK")


# An API view authenticated by the API key header, never by the session cookie.
# ok: CSRF
@csrf_exempt
@authorize
def pause(request, code):
    Check.objects.filter(code=code, project=request.project).update(status="paused")
    return JsonResponse({"ok": True})


# A read-only search reached cross-site changes nothing.
# ok: CSRF
@csrf_exempt
def docs_search(request):
    return JsonResponse({"q": request.GET.get("q", "")})


# A form view that keeps its messages in the user's session.
# ruleid: CSRF
@csrf_exempt
def forgot_password(request):
    Profile.objects.filter(email=request.POST["email"]).update(reset_requested=True)
    messages.success(request, "Check your email")
    return HttpResponse(status=204)


# An OAuth provider posts its answer back (Sign in with Apple, SAML); python-social-auth's do_complete
# checks the `state` the login stored in the session, which another site cannot know.
# ok: CSRF
@csrf_exempt
def sso_complete(request, backend):
    return social_views.do_complete(request.backend, login, user=request.user, redirect_name="next", request=request)


# Authlib's authorize_access_token compares the returned `state` with the session's the same way.
# ok: CSRF
@csrf_exempt
def oidc_callback(request):
    token = oauth.provider.authorize_access_token(request)
    login(request, Profile.objects.get(subject=token["userinfo"]["sub"]).user)
    return HttpResponse(status=204)


# A callback that reads the code without any state check is a login CSRF.
# ruleid: CSRF
@csrf_exempt
def oidc_callback_unchecked(request):
    token = oauth.provider.fetch_access_token(code=request.GET["code"])
    login(request, Profile.objects.get(subject=token["sub"]).user)
    return HttpResponse(status=204)


# A chat bot's webhook: the secret token in its URL names the bot, and the view acts for the bot's owner.
# ok: CSRF
@csrf_exempt
def bot_hook(request, token):
    bot = get_object_or_404(Bot, webhook_token=token)
    request.user = bot.created_by
    Check.objects.create(name=request.body[:100], created_by=request.user)
    return JsonResponse({})


# Reading the signed-in user is acting for the session's user.
# ruleid: CSRF
@csrf_exempt
def bot_settings(request, token):
    bot = get_object_or_404(Bot, webhook_token=token, owner=request.user)
    bot.save()
    return JsonResponse({})
