<?php
// Admin helpers of a small shop: the session.

use Illuminate\Http\Request;

// ruleid: TRUST_BOUNDARY_VIOLATION
$_SESSION['plan'] = $_POST['plan'];
// ok: TRUST_BOUNDARY_VIOLATION
$_SESSION['visits'] = 1 + (int) ($_SESSION['visits'] ?? 0);

class ExportController
{
    public function remember(Request $request)
    {
        // ok: TRUST_BOUNDARY_VIOLATION
        session()->flash('success', 'Saved ' . $request->input('title'));
        // ok: TRUST_BOUNDARY_VIOLATION
        session()->put('export-context', $request->query('context'));
        // ruleid: TRUST_BOUNDARY_VIOLATION
        session()->put('acting_user_id', $request->input('user'));
        return back();
    }
}
