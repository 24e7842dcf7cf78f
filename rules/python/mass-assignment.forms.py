from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserChangeForm
from django.contrib.auth.models import User

from .models import Project


class SignupForm(forms.ModelForm):
    class Meta:
        model = User
        # ruleid: MASS_ASSIGNMENT
        exclude = ["groups", "user_permissions", "last_login", "date_joined", "is_active"]


class AccountForm(forms.ModelForm):
    class Meta:
        model = get_user_model()
        # ruleid: MASS_ASSIGNMENT
        fields = "__all__"


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        # ok: MASS_ASSIGNMENT
        fields = ["username", "email", "first_name", "last_name"]


class LockedForm(forms.ModelForm):
    class Meta:
        model = User
        # ok: MASS_ASSIGNMENT
        exclude = ["is_superuser", "is_staff", "groups", "user_permissions", "password"]


class ProjectForm(forms.ModelForm):
    class Meta:
        model = Project
        # Not the user model: no privilege field to set.
        # ok: MASS_ASSIGNMENT
        fields = "__all__"


class StaffUserChangeForm(UserChangeForm):
    # The admin site's change form: only staff reach it.
    class Meta:
        model = User
        # ok: MASS_ASSIGNMENT
        fields = "__all__"
