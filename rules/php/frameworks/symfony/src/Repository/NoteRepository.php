<?php

namespace App\Repository;

use App\Entity\Note;
use Doctrine\ORM\EntityManagerInterface;

class NoteRepository
{
    public function __construct(private EntityManagerInterface $em)
    {
    }

    public function find(int $id): ?Note
    {
        return $this->em->find(Note::class, $id);
    }
}
