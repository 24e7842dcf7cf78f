#!/bin/sh
# Fake values generated for this test; none of them is a real credential.
# ruleid: HARDCODED_SECRET
export DEPLOY_TOKEN=Rv7nQk2wZx9cLt4mHb6s
# ok: HARDCODED_SECRET
[ -z "$ADMIN_KEY" ] && ADMIN_KEY=$(openssl rand -hex 16) && printf "\n$ADMIN_KEY\n"
