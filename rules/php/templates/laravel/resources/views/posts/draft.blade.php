{{-- ruleid: XSS --}}
<p>{!! $note !!}</p>
{{-- ruleid: XSS --}}
<p>{!! $summary !!}</p>
{{-- ok: XSS --}}
<p>{!! $status !!} on {!! $site !!}</p>
