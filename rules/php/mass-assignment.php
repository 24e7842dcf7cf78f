<?php
// Admin helpers of a small shop: request data bound to variables and models.

use Illuminate\Http\Request;

// ruleid: MASS_ASSIGNMENT
extract($_POST);
// ruleid: MASS_ASSIGNMENT
parse_str($_SERVER['QUERY_STRING']);
// ok: MASS_ASSIGNMENT
parse_str($_SERVER['QUERY_STRING'], $query);

class ExportController
{
    public function store(Request $request)
    {
        // ruleid: MASS_ASSIGNMENT
        $post = Post::create($request->all());
        // ok: MASS_ASSIGNMENT
        $post2 = Post::create($request->only(['title', 'body']) + ['author_id' => 1]);
        return [$post, $post2];
    }

    public function save(Request $request, Post $post)
    {
        // ok: MASS_ASSIGNMENT
        $this->posts->update($post, $request->all());
        foreach ($request->all() as $name => $value) {
            // ok: MASS_ASSIGNMENT
            Setting::query()->firstOrNew(['setting_key' => $name])->fill(['value' => $value])->save();
        }
        // ruleid: MASS_ASSIGNMENT
        $post->update($request->all());
        return $post;
    }
}

// Fields picked by an allow-list or by the validation rules: only the keys the code names reach the model.
class CurrencyController
{
    public function store()
    {
        // ok: MASS_ASSIGNMENT
        $this->currencyRepository->create(request()->only(['code', 'name', 'symbol']));
        $data = request()->only('title', 'status');
        // ok: MASS_ASSIGNMENT
        $this->statusRepository->update($data, 1);
        $validated = $this->validate(request(), ['name' => 'required', 'type' => 'required']);
        // ok: MASS_ASSIGNMENT
        $this->sectionRepository->create($validated + ['sort_order' => 1]);
        $checked = request()->validate(['name' => 'required']);
        // ok: MASS_ASSIGNMENT
        Tag::create($checked);
        // ok: MASS_ASSIGNMENT
        Tag::create(Arr::only(request()->all(), ['name']));
        $address = [
            'address' => implode(PHP_EOL, array_filter(request()->input('address'))),
            'password' => bcrypt(request()->input('password')),
        ];
        // ok: MASS_ASSIGNMENT
        $this->addressRepository->create(array_merge($address, ['customer_id' => 1]));
        // ruleid: MASS_ASSIGNMENT
        $this->currencyRepository->update(request()->all(), 1);
        // ruleid: MASS_ASSIGNMENT
        $this->currencyRepository->update(request()->input(), 1);
        // ruleid: MASS_ASSIGNMENT
        Tag::create(request()->only(request()->input('fields')));
    }
}

// An API that takes a JSON body and keeps only the keys it lists.
class StorageApiController
{
    public function update(Request $request, Storage $storage)
    {
        $body = $request->json()->all();
        $allowedFields = ['name', 'description', 'bucket', 'endpoint'];
        // ok: MASS_ASSIGNMENT
        $storage->update(array_intersect_key($body, array_flip($allowedFields)));
        // ok: MASS_ASSIGNMENT
        $storage->fill(array_intersect_key($request->all(), ['name' => true, 'region' => true]));
        // ruleid: MASS_ASSIGNMENT
        $storage->fill(array_intersect_key($body, array_flip($request->input('keep'))));
        return $storage;
    }

    public function schedule(Request $request, Storage $storage)
    {
        // Values of the request under columns the code writes out itself.
        $input = $request->all();
        $attributes = [
            'frequency' => $input['frequency'] ?? 'daily',
            'enabled' => $request->boolean('enabled', true),
            'retention_days' => $request->integer('retention_days'),
        ];
        // ok: MASS_ASSIGNMENT
        $backup = $storage->backups()->updateOrCreate([], $attributes);
        // ruleid: MASS_ASSIGNMENT
        $copy = $storage->backups()->updateOrCreate(['storage_id' => 1], $request->all());
        return [$backup, $copy];
    }
}

// Laravel's registration scaffolding: the controller's own create(array $data) picks the columns.
class RegisterController
{
    public function register(Request $request)
    {
        // ok: MASS_ASSIGNMENT
        $user = $this->create($request->all());
        // ok: MASS_ASSIGNMENT
        $child = (new RegisterController)->create($request->all());
        return [$user, $child];
    }

    public function create(array $data)
    {
        return User::create([
            'name' => $data['name'],
            'email' => $data['email'],
            'password' => Hash::make($data['password']),
        ]);
    }
}

class Subscription extends Model
{
    public function renew(Request $request)
    {
        // ruleid: MASS_ASSIGNMENT
        $this->update($request->all());
        // ruleid: MASS_ASSIGNMENT
        return (new Subscription)->create($request->all());
    }
}

// Models that list the columns a request may fill (`$fillable`): Eloquent's fill(), create() and update() set only
// those. A deny-list (`$guarded`) and an allow-list that names a privilege column do not protect.
class Asset extends Model
{
    protected $fillable = [
        'name',
        'serial',
        'notes',
    ];
}

class Member extends Model
{
    protected $fillable = ['name', 'email', 'is_admin'];
}

class Ticket extends Model
{
    protected $guarded = ['id'];
}

class AssetsController
{
    public function store(Request $request)
    {
        $asset = new Asset;
        // ok: MASS_ASSIGNMENT
        $asset->fill($request->all());
        // ok: MASS_ASSIGNMENT
        $copy = Asset::create($request->all());
        $member = new Member();
        // ruleid: MASS_ASSIGNMENT
        $member->fill($request->all());
        $ticket = new Ticket;
        // ruleid: MASS_ASSIGNMENT
        $ticket->fill($request->all());
        return [$asset, $copy, $member, $ticket];
    }

    public function update(Request $request, Asset $asset)
    {
        // ok: MASS_ASSIGNMENT
        $asset->update($request->all());
        return $asset;
    }
}

class AssetImportController
{
    public function store(Request $request)
    {
        // ruleid: MASS_ASSIGNMENT
        Asset::insert($request->all());
        $asset = new Asset;
        // ruleid: MASS_ASSIGNMENT
        $asset->forceFill($request->all());
        return $asset;
    }
}

class AssetUpdateController
{
    public function update(Request $request, $id)
    {
        // A record a finder gives is of the model's class.
        $asset = Asset::findOrFail($id);
        // ok: MASS_ASSIGNMENT
        $asset->fill($request->all());
        $ticket = Ticket::find($id);
        // ruleid: MASS_ASSIGNMENT
        $ticket->update($request->all());
        return [$asset, $ticket];
    }

    // A finder after eager loading or a query's conditions gives a record of the model all the same.
    public function edit(Request $request, $id)
    {
        if ($asset = Asset::with('maintenances')->find($id)) {
            // ok: MASS_ASSIGNMENT
            $asset->fill($request->all());
        }
        $member = Member::query()->where('team_id', $request->user()->team_id)->findOrFail($id);
        // ruleid: MASS_ASSIGNMENT
        $member->fill($request->all());
        $ticket = Ticket::withTrashed()->firstOrFail();
        // ruleid: MASS_ASSIGNMENT
        $ticket->update($request->all());
        return [$asset, $member, $ticket];
    }
}

// Repositories (prettus/l5-repository and its kind) write through the model their model() names.
class AssetRepository extends Repository
{
    public function model(): string
    {
        return Asset::class;
    }
}

class TicketRepository extends Repository
{
    public function model(): string
    {
        return Ticket::class;
    }
}

class AssetArchiveRepository extends Repository
{
    public function model(): string
    {
        return 'App\Models\Asset';
    }
}

class AssetAdminController
{
    public function __construct(
        protected AssetRepository $assetRepository,
        protected TicketRepository $ticketRepository,
        protected AssetArchiveRepository $archive
    ) {}

    public function store(Request $request)
    {
        // ok: MASS_ASSIGNMENT
        $asset = $this->assetRepository->create($request->all());
        // ruleid: MASS_ASSIGNMENT
        $ticket = $this->ticketRepository->create($request->all());
        // ok: MASS_ASSIGNMENT
        $archived = $this->archive->update($request->all(), $asset->id);
        return [$asset, $ticket, $archived];
    }
}

// A factory whose static create() declares the model it returns stands for that model.
class AssetFactory
{
    public static function create(int $companyId, int $userId): Asset
    {
        $asset = new Asset;
        $asset->company_id = $companyId;
        return $asset;
    }
}

class TicketFactory
{
    public static function create(int $companyId): Ticket
    {
        return new Ticket;
    }
}

class AssetImportController
{
    public function store(Request $request)
    {
        $asset = AssetFactory::create(1, 2);
        // ok: MASS_ASSIGNMENT
        $asset->fill($request->all());
        $ticket = TicketFactory::create(1);
        // ruleid: MASS_ASSIGNMENT
        $ticket->fill($request->all());
        return [$asset, $ticket];
    }
}

// A hand-written active record: its own update() and create() read the keys they name.
class Department extends VerySimpleModel
{
    public function update($vars, &$errors)
    {
        if (!$vars['name']) {
            $errors['name'] = 'Name required';
            return false;
        }
        $this->name = trim($vars['name']);
        $this->ispublic = (int) $vars['ispublic'];
        return $this->save();
    }

    public static function create($vars = false, &$errors = array())
    {
        $dept = new static();
        $dept->update($vars ?: array(), $errors);
        return $dept;
    }
}

// An Eloquent model that overrides update() and hands the values on to the ORM's own.
class Invoice extends Model
{
    public function update(array $attributes = [], array $options = [])
    {
        $this->touchHistory();
        // ruleid: MASS_ASSIGNMENT
        return parent::update($attributes, $options);
    }
}

function saveDepartment()
{
    $errors = array();
    $dept = new Department();
    // ok: MASS_ASSIGNMENT
    $dept->update($_POST, $errors);
    // ok: MASS_ASSIGNMENT
    $created = Department::create($_POST, $errors);
    $invoice = new Invoice();
    // ruleid: MASS_ASSIGNMENT
    $invoice->update($_POST);
    // ok: MASS_ASSIGNMENT
    $translation = Translation::create(array('lang' => $_POST['lang'], 'text' => $_POST['text']));
    // ruleid: MASS_ASSIGNMENT
    $copy = Translation::create(array(...$_POST));
    return [$created, $translation, $copy];
}
