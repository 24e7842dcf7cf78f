{{-- ruleid: XSS --}}
<p>{!! $text !!}</p>
{{-- ok: XSS --}}
<small>{!! $kind !!}</small>
