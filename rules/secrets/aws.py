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

# A presigned URL's credential scope: the key ID is sent in the clear with an expiring signature.
# ok: HARDCODED_SECRET
SAMPLE_DOWNLOAD = "https://uploads.s3.ap-northeast-1.amazonaws.com/media/42.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAL3CHZL7HHOAVVOVQ%2F20221224%2Fap-northeast-1%2Fs3%2Faws4_request&X-Amz-Date=20221224T235529Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=4f1c0b7c2a"
# ok: HARDCODED_SECRET
AUTH_HEADER = "AWS4-HMAC-SHA256 Credential=ASIAQZYJQQO26F5J4B3U/20240105/eu-west-1/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature=fe5f80f77d5fa3beca038a248ff027"
# The same key ID written out on its own is still reported:
# ruleid: HARDCODED_SECRET
MIRROR_KEY_ID = "AKIAL3CHZL7HHOAVVOVQ"
