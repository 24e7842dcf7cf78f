<?php

namespace App\Models;

use Illuminate\Database\Eloquent\Builder;
use Illuminate\Database\Eloquent\Model;

/** A Git host a team connected: its API URL and credentials were entered by the team's admin. */
class GitSource extends Model
{
    protected $fillable = ['name', 'api_url', 'html_url'];

    public function scopeOwnedByCurrentTeam(Builder $query): Builder
    {
        return $query->where('team_id', auth()->user()->current_team_id);
    }
}
