<ul>
@foreach ($comments as $comment)
  {{-- ruleid: XSS --}}
  <li>{!! $comment !!}</li>
  {{-- ok: XSS --}}
  <li>{{ $comment }}</li>
@endforeach
</ul>
{{-- ruleid: XSS --}}
<p>{!! $author !!}</p>
{{-- {!! $author !!} --}}
