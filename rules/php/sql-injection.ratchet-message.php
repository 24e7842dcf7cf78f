<?php
// A Ratchet WebSocket server: what a client sends arrives as onMessage's second parameter.

use Ratchet\ConnectionInterface;
use Ratchet\MessageComponentInterface;

class Lookup implements MessageComponentInterface
{
    private $db;

    public function onMessage(ConnectionInterface $from, $msg)
    {
        $data = json_decode($msg, true);
        // ruleid: SQL_INJECTION
        $rows = mysqli_query($this->db, "SELECT * FROM users WHERE name = '" . $data['name'] . "'");
        $stmt = mysqli_prepare($this->db, 'SELECT * FROM users WHERE name = ?');
        mysqli_stmt_bind_param($stmt, 's', $data['name']);
        // ok: SQL_INJECTION
        mysqli_stmt_execute($stmt);
        // ok: SQL_INJECTION
        mysqli_query($this->db, "SELECT * FROM conns WHERE id = " . $from->resourceId);
    }

    public function onOpen(ConnectionInterface $conn) {}
    public function onClose(ConnectionInterface $conn) {}
    public function onError(ConnectionInterface $conn, \Exception $e) {}
}

// A class that is no Ratchet component: its onMessage is called by the application itself.
class Mailer
{
    private $db;

    public function onMessage($msg)
    {
        // ok: SQL_INJECTION
        mysqli_query($this->db, "INSERT INTO log VALUES ('" . $msg . "')");
    }
}
