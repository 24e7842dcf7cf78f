<ul>
@foreach ($rows as $row)
    {{-- ok: XSS --}}
    <li>{{ $row->title }} ({{ $sort }})</li>
@endforeach
</ul>
{{-- ruleid: XSS --}}
<p>{!! request('highlight') !!}</p>
