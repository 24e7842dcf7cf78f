<ul>
@foreach ($comments as $comment)
  {{-- ruleid: XSS --}}
  <li>{!! $comment !!}</li>
  {{-- ok: XSS --}}
  <li>{{ $comment }}</li>
  @include('partials.comment', ['text' => $comment, 'kind' => 'reply'])
@endforeach
</ul>
{{-- ruleid: XSS --}}
<p>{!! $author !!}</p>
{{-- {!! $author !!} --}}
