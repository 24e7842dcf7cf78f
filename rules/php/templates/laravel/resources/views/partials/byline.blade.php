{{-- ruleid: XSS --}}
<p class="byline">{!! $title !!}</p>
