# Fake values generated for this test; none of them is a real credential.
import os

# ruleid: HARDCODED_SECRET
BACKUP_KEY_ID = "AKIAL3CHZL7HHOAVVOVQ"
# ruleid: HARDCODED_SECRET
AWS_SECRET_ACCESS_KEY = "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"
# ruleid: HARDCODED_SECRET
session = boto3.Session(aws_access_key_id="ASIAQZYJQQO26F5J4B3U", region_name="eu-west-1")

# AWS's documented example pair.
# ok: HARDCODED_SECRET
EXAMPLE_ID = "AKIAIOSFODNN7EXAMPLE"
# ok: HARDCODED_SECRET
aws_secret_access_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
# ok: HARDCODED_SECRET
aws_secret_access_key = os.environ["AWS_SECRET_ACCESS_KEY"]
# ok: HARDCODED_SECRET
BUCKET_POLICY_ARN = "arn:aws:iam::123456789012:policy/read-exports"
