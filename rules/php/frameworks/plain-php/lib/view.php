<?php
function title_tag(string $title): string
{
    return '<h2>' . $title . '</h2>';
}
