#!/bin/sh
# Fake values generated for this test; none of them is a real credential.
# ruleid: HARDCODED_SECRET
twine upload --password pypi-AgEIcHlwaS5vcmcaFDsvX_FFcseTm-g72ek7XuQSoBCOZ8ijwJbiMLvysulofBW24gTmw28FvNASBb2MHbdgl dist/*
# ruleid: HARDCODED_SECRET
echo dckr_pat_E0mJtNurPt0YUoiPVbsqFn-8BOW | docker login -u shop --password-stdin
# ok: HARDCODED_SECRET
echo "$DOCKER_TOKEN" | docker login -u shop --password-stdin
