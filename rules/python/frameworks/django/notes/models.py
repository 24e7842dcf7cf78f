from django.db import models


class Note(models.Model):
    title = models.CharField(max_length=200)
    body = models.TextField()
    tag = models.CharField(max_length=50)


class Announcement(models.Model):
    text = models.TextField()
