<div class="search">
  {{-- ok: XSS --}}
  <h2>Results for {{ request('q') }}</h2>
  {{-- ruleid: XSS --}}
  <p>{!! request('q') !!}</p>
</div>
