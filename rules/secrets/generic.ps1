# PowerShell: a credential written into a deployment script is still a credential.
param([string]$ResourceGroup = "rg-blog")

# ruleid: HARDCODED_SECRET
$sqlPassword = "Vx7#kQ2m!Lp9zR4t"

# A .NET flags value named by its members (`ReadKey("NoEcho,IncludeKeyDown")`): enum names joined by commas, no digits.
# ok: HARDCODED_SECRET
$key = $Host.UI.RawUI.ReadKey("NoEcho,IncludeKeyDown")
# ok: HARDCODED_SECRET
$nextKey = $Host.UI.RawUI.ReadKey("NoEcho, IncludeKeyUp")
