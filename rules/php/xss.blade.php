<div class="search">
  {{-- ok: XSS --}}
  <h2>Results for {{ request('q') }}</h2>
  {{-- ruleid: XSS --}}
  <p>{!! request('q') !!}</p>
</div>
<div class="security">
  {{-- The signed-in user's model and what it renders (Fortify's QR code SVG), not request data --}}
  {{-- ok: XSS --}}
  <div>{!! request()->user()->twoFactorQrCodeSvg() !!}</div>
  {{-- ruleid: XSS --}}
  <div>{!! request()->input('bio') !!}</div>
</div>
