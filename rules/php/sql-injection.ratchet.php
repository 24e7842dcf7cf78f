<?php
// A chat server on Ratchet: rooms are named in the WebSocket URL (ws://host/chat?lobby).

use Ratchet\ConnectionInterface;
use Ratchet\MessageComponentInterface;

class ChatRooms implements MessageComponentInterface
{
    private $link;
    private $rooms = [];

    public function onOpen(ConnectionInterface $conn)
    {
        $room = $conn->httpRequest->getUri()->getQuery();
        // ruleid: SQL_INJECTION
        mysqli_query($this->link, "INSERT INTO joins (room) VALUES ('" . $room . "')");
        $agent = $conn->httpRequest->getHeaderLine('User-Agent');
        $stmt = mysqli_prepare($this->link, 'INSERT INTO agents (room, agent) VALUES (?, ?)');
        mysqli_stmt_bind_param($stmt, 'ss', $room, $agent);
        // ok: SQL_INJECTION
        mysqli_stmt_execute($stmt);
        $this->rooms[$conn->resourceId] = $room;
    }

    public function onMessage(ConnectionInterface $from, $msg)
    {
        foreach ($this->rooms as $id => $room) {
            $from->send(json_encode(['room' => $room]));
        }
    }

    public function onClose(ConnectionInterface $conn)
    {
        unset($this->rooms[$conn->resourceId]);
    }

    public function onError(ConnectionInterface $conn, \Exception $e)
    {
        $conn->close();
    }
}
