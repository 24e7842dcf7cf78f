@extends('layouts.app')
@section('content')
  {{-- ok: XSS --}}
  <h1>{{ $title }}</h1>
  {{-- ruleid: XSS --}}
  <div class="lead">{!! $title !!}</div>
  {{-- ok: XSS --}}
  <div>{!! $body !!}</div>
  {{-- ok: XSS --}}
  <footer>{!! $site !!}</footer>
  {{-- ok: XSS --}}
  <div>{!! e($title) !!} {!! Purifier::clean($title) !!}</div>
  @include('partials.byline')
  <script>
    {{-- ok: XSS --}}
    var title = "{{ $title }}";
    {{-- ruleid: XSS --}}
    var raw = {{ $title }};
    {{-- ok: XSS --}}
    var literal = @{{ $title }};
  </script>
@endsection
