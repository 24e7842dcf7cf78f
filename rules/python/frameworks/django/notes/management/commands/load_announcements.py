from django.core.management.base import BaseCommand

from notes.models import Announcement


class Command(BaseCommand):
    help = "Loads the announcements shown on the front page from a file the operator keeps."

    def add_arguments(self, parser):
        parser.add_argument("path")

    def handle(self, *args, **options):
        with open(options["path"]) as lines:
            for line in lines:
                Announcement(text=line.strip()).save()
